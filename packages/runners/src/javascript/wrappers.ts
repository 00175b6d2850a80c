/**
 * Server (QuickJS) only: the markers around the learner's async function bodies. Nothing in
 * QuickJS can see the promise an async function returns, so the body of each of the learner's
 * async functions is wrapped to tell the rejection tracker (quickjs-rejections.ts) about
 * an exception that leaves it. The record is written without a call (an array slot, an object
 * literal), which works even when deep recursion has used up the stack. The texts go where the
 * body starts and ends, on those lines (no line moves), and the tracker's
 * Function.prototype.toString takes them out again. Each carries a comment of its own, so that no
 * one is a part of another. The wrappers every JavaScript realm uses (modules, checks) are in
 * host/wrappers.ts.
 */
const RECORD_ESCAPE =
  "catch(__lumenError){__lumen.rejections[__lumen.rejections.length]={escaped:__lumenError};throw __lumenError";
export const ASYNC_BODY_START = "/*lumen:async*/try{";
export const ASYNC_BODY_END = `}${RECORD_ESCAPE}/*lumen:async*/}`;
/** An arrow's expression body becomes a block that returns it. */
export const ASYNC_ARROW_START = "{/*lumen:arrow*/try{return(";
export const ASYNC_ARROW_END = `)}${RECORD_ESCAPE}/*lumen:arrow*/}}`;
