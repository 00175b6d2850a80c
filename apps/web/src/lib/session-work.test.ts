import { afterEach, describe, expect, it } from "vitest";
import {
  closeSessionWork,
  openSessionWork,
  registerSessionWork,
  sessionOpen,
} from "./session-work.ts";

afterEach(() => openSessionWork());

describe("session work", () => {
  it("sign-out waits for every running piece to stop, and nothing starts until a sign-in", async () => {
    const order: string[] = [];
    let finish = () => {};
    registerSessionWork(
      () =>
        new Promise<void>((resolve) => {
          finish = () => {
            order.push("settings stopped");
            resolve();
          };
        }),
    );
    const closing = closeSessionWork().then(() => order.push("closed"));
    expect(sessionOpen()).toBe(false);
    await Promise.resolve();
    expect(order).toEqual([]);
    finish();
    await closing;
    expect(order).toEqual(["settings stopped", "closed"]);
    openSessionWork();
    expect(sessionOpen()).toBe(true);
  });

  it("a piece that failed to stop does not hold sign-out, and an unregistered one is not asked", async () => {
    let asked = 0;
    registerSessionWork(() => Promise.reject(new Error("offline")));
    const unregister = registerSessionWork(async () => {
      asked += 1;
    });
    unregister();
    await expect(closeSessionWork()).resolves.toBeUndefined();
    expect(asked).toBe(0);
  });
});
