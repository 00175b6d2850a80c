import { describe, expect, it } from "vitest";
import { cacheNames } from "./cache-names.ts";
import { forgetCatalogCache } from "./forget-catalog.ts";

describe("forgetCatalogCache", () => {
  it("deletes the worker's catalog cache and nothing else", async () => {
    const deleted: string[] = [];
    const store = {
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    };
    expect(await forgetCatalogCache(store)).toBe(true);
    expect(deleted).toEqual([cacheNames("any").catalog]);
    expect(deleted[0]).toBe("lumen-v1-catalog");
  });

  it("does nothing where the browser has no Cache Storage", async () => {
    expect(await forgetCatalogCache(undefined)).toBe(false);
  });
});
