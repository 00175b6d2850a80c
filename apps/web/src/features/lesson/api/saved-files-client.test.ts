/** The saved-files client: the URLs and bodies it sends, and spec section 8's error texts. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setTokenSource } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";
import {
  clearPreviewCache,
  clearSavedFiles,
  fetchSavedFiles,
  postSavedFiles,
  previewRunFiles,
} from "./saved-files-client.ts";

const chapter = { trackId: 1, tutorialId: 104, chapterId: 10401 };
const fetchMock = vi.fn<typeof fetch>();

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json" },
    ...init,
  });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  setTokenSource(async () => "id-token");
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The URL, method, Authorization header and body of the one call made. */
function sent() {
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  const headers = new Headers(init?.headers);
  return {
    url,
    method: init?.method ?? "GET",
    authorization: headers.get("Authorization"),
    body: init?.body === undefined ? undefined : JSON.parse(String(init.body)),
  };
}

describe("fetchSavedFiles", () => {
  it("GETs the chapter's saved files for the track version with the bearer token", async () => {
    const savedFiles = [{ lessonId: 1040105, files: [{ name: "main.py", content: "print(1)" }] }];
    fetchMock.mockResolvedValue(json({ savedFiles }));
    expect(await fetchSavedFiles({ ...chapter, trackVersion: 3 })).toEqual(savedFiles);
    expect(sent()).toEqual({
      url: "/v1/tracks/1/tutorials/104/chapters/10401/savedFiles?trackVersion=3",
      method: "GET",
      authorization: "Bearer id-token",
      body: undefined,
    });
  });

  it("raises the spec's text with the status and the body's message", async () => {
    fetchMock.mockResolvedValue(
      json(
        { code: "not_found", message: "Chapter 10401 in tutorial 104 does not exist." },
        { status: 404, statusText: "Not Found" },
      ),
    );
    await expect(fetchSavedFiles({ ...chapter, trackVersion: 3 })).rejects.toThrow(
      new Error(
        "Could not fetch saved files for lesson - Not Found (404): Chapter 10401 in tutorial 104 does not exist.",
      ),
    );
  });

  it("leaves the message out when the body has none or is not JSON", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response("<html>bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    );
    await expect(fetchSavedFiles({ ...chapter, trackVersion: 3 })).rejects.toThrow(
      new Error("Could not fetch saved files for lesson - Bad Gateway (502)"),
    );
    fetchMock.mockResolvedValueOnce(
      json({ code: "internal" }, { status: 500, statusText: "Internal Server Error" }),
    );
    await expect(fetchSavedFiles({ ...chapter, trackVersion: 3 })).rejects.toThrow(
      new Error("Could not fetch saved files for lesson - Internal Server Error (500)"),
    );
  });
});

describe("fetchSavedFiles without a server", () => {
  it("says the server could not be reached when the request never left the device", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const failure = fetchSavedFiles({ ...chapter, trackVersion: 3 });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      code: "auth/network-request-failed",
      message: "Could not fetch saved files for lesson - the server could not be reached.",
    });
  });

  it("is unreachable too when a fresh token could not be had offline", async () => {
    setTokenSource(() => Promise.reject(ApiError.unreachable()));
    await expect(fetchSavedFiles({ ...chapter, trackVersion: 3 })).rejects.toMatchObject({
      code: "auth/network-request-failed",
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("passes on a session the server refused, which is not a lost connection", async () => {
    const refused = new ApiError(401, "unauthenticated", "Your session has ended.");
    setTokenSource(() => Promise.reject(refused));
    await expect(fetchSavedFiles({ ...chapter, trackVersion: 3 })).rejects.toBe(refused);
  });
});

describe("clearSavedFiles", () => {
  it("POSTs the clear call with no body", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await clearSavedFiles({ ...chapter, trackVersion: 3 });
    expect(sent()).toEqual({
      url: "/v1/tracks/1/tutorials/104/chapters/10401/savedFiles/clear?trackVersion=3",
      method: "POST",
      authorization: "Bearer id-token",
      body: undefined,
    });
  });

  it("raises with the status and the body's message on a non-OK answer", async () => {
    fetchMock.mockResolvedValue(
      json(
        { code: "unauthenticated", message: "Sign in first." },
        { status: 401, statusText: "Unauthorized" },
      ),
    );
    await expect(clearSavedFiles({ ...chapter, trackVersion: 3 })).rejects.toThrow(
      new Error("Could not clear saved files - Unauthorized (401): Sign in first."),
    );
  });
});

describe("postSavedFiles", () => {
  it("POSTs the files as { files: [{ userContent, name }] } for the publish set version", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await postSavedFiles({
      ...chapter,
      lessonId: 1040105,
      publishSetVersion: 7,
      files: [{ name: "main.py", content: "print('hi')" }],
    });
    expect(sent()).toEqual({
      url: "/v1/tracks/1/tutorials/104/chapters/10401/lessons/1040105/savefiles?publishSetVersion=7",
      method: "POST",
      authorization: "Bearer id-token",
      body: { files: [{ userContent: "print('hi')", name: "main.py" }] },
    });
  });

  it("raises 'Could not post saved files'", async () => {
    fetchMock.mockResolvedValue(json({ code: "payload_too_large", message: "x" }, { status: 413 }));
    await expect(
      postSavedFiles({ ...chapter, lessonId: 1, publishSetVersion: 1, files: [] }),
    ).rejects.toThrow(new Error("Could not post saved files"));
  });
});

describe("previewRunFiles", () => {
  const result = { status: "passed", durationMs: 12, console: [], tests: [] };

  it("POSTs to the preview prefix and answers the run result", async () => {
    fetchMock.mockResolvedValue(json(result));
    expect(
      await previewRunFiles({
        ...chapter,
        lessonId: 1040105,
        files: [{ name: "main.py", content: "x = 1" }],
      }),
    ).toEqual(result);
    expect(sent()).toEqual({
      url: "/v1/preview/tracks/1/tutorials/104/chapters/10401/lessons/1040105/runfiles",
      method: "POST",
      authorization: "Bearer id-token",
      body: { files: [{ userContent: "x = 1", name: "main.py" }] },
    });
  });

  it("raises 'Could not post saved files to preview'", async () => {
    fetchMock.mockResolvedValue(json({ code: "forbidden", message: "no" }, { status: 403 }));
    await expect(previewRunFiles({ ...chapter, lessonId: 1, files: [] })).rejects.toThrow(
      new Error("Could not post saved files to preview"),
    );
  });
});

describe("clearPreviewCache", () => {
  it("POSTs the preview clearCache call", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await clearPreviewCache(chapter);
    expect(sent()).toEqual({
      url: "/v1/preview/tracks/1/tutorials/104/chapters/10401/savedFiles/clearCache",
      method: "POST",
      authorization: "Bearer id-token",
      body: undefined,
    });
  });

  it("raises 'Could not clear saved files cache'", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 500 }));
    await expect(clearPreviewCache(chapter)).rejects.toThrow(
      new Error("Could not clear saved files cache"),
    );
  });
});
