import { expect } from "vitest";

/** XSS payloads (OWASP filter-evasion cheat sheet and friends), CONT-19. */
export const PAYLOADS = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<svg onload=alert(1)>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="//evil.example/">x</a>`,
  `<p onclick="alert(1)">click</p>`,
  `<span style="color:red;background:url(javascript:alert(1))">x</span>`,
  `<span style="color: expression(alert(1))">x</span>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<body onload=alert(1)>`,
  `<style>@import 'javascript:alert(1)';</style>`,
  `<link rel=stylesheet href="javascript:alert(1)">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<input onfocus=alert(1) autofocus>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror=alert(1)></video>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `"><script>alert(1)</script>`,
  `<div style="position:fixed;top:0" onmouseover="alert(1)">x</div>`,
  `<base href="javascript:alert(1)//">`,
  `<a href="https://ok.example" onmouseover="alert(1)" target="_self">ok</a>`,
  `<h1 id="x" class="y">Big</h1><h2 onclick="a()">Header</h2>`,
  `<template><script>alert(1)</script></template>`,
  `<img src="x:x" onerror="alert(1)"/>`,
];

/** Nothing in the output can run script, load something, or carry an event handler. */
export function expectHarmless(html: string | null): void {
  if (html === null) return;
  expect(html).not.toMatch(
    /<\s*(script|img|svg|iframe|object|embed|style|link|meta|form|input|details|video|source|math|base|template|body|div|h1)\b/i,
  );
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/(javascript|vbscript|data)\s*:/i);
  expect(html).not.toMatch(/expression\s*\(|url\s*\(/i);
  expect(html).not.toMatch(/href="\/\//i);
}
