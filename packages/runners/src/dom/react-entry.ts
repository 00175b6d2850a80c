/**
 * Bundle entry for React inside a page sandbox (served as /runtimes/page/react.js, and evaluated
 * in happy-dom on the server). It publishes the modules a learner may import, for the require()
 * that transpiled lessons call, so no module loading (and no CORS) is needed in an opaque frame.
 */
import * as React from "react";
import * as JsxRuntime from "react/jsx-runtime";
import * as ReactDOM from "react-dom";
import * as ReactDOMClient from "react-dom/client";

(globalThis as Record<string, unknown>).__lumenModules = {
  react: React,
  "react-dom": ReactDOM,
  "react-dom/client": ReactDOMClient,
  "react/jsx-runtime": JsxRuntime,
  "react/jsx-dev-runtime": JsxRuntime,
};
