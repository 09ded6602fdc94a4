import type { GuideTheme } from "./guide-theme.ts";

// One inline stylesheet (no extra request on a weak signal), allowed by its hash in the CSP.
const BASE = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1c1c;background:#f6f6f4}
a{color:inherit}
img,video{max-width:100%;display:block}
.wrap{max-width:720px;margin:0 auto;padding:0 16px}
.skip{position:absolute;inset-inline-start:-999px;top:0;background:#fff;color:#000;padding:8px}
.skip:focus{inset-inline-start:8px;z-index:10}
.brand{background:var(--bg);color:var(--on-bg);padding:8px 16px;display:flex;align-items:center;gap:10px;font-weight:600}
.brand img{height:32px;width:auto}
.preview{background:#7a1f00;color:#fff;padding:8px 16px;text-align:center;font-weight:600}
.offline{background:#333;color:#fff;padding:8px 16px;text-align:center}
.untranslated{margin:12px 0 0;padding:8px 12px;border-radius:8px;background:#f0f0ee;color:#333;font-size:.9rem}
[lang="en"]{direction:ltr}
.cover{position:relative;background:var(--p);color:var(--on-p)}
.cover img{width:100%;aspect-ratio:16/9;object-fit:cover;max-height:56vh}
.cover .wrap{padding-top:16px;padding-bottom:16px}
h1{font-size:1.75rem;line-height:1.2;margin:0}
.address{margin:4px 0 0}
.w3w{margin:4px 0 0;font-size:.9rem}
.langs{display:flex;flex-wrap:wrap;gap:6px;margin:12px 0 0;padding:0;list-style:none}
.langs a{display:inline-block;padding:4px 10px;border-radius:16px;border:1px solid currentColor;text-decoration:none;font-size:.9rem}
.langs a[aria-current]{background:var(--on-p);color:var(--p)}
nav.toc ul{list-style:none;padding:0;margin:16px 0;display:flex;flex-wrap:wrap;gap:8px}
nav.toc a{display:inline-block;padding:6px 12px;background:#fff;border:1px solid #d6d6d2;border-radius:8px;text-decoration:none}
main{padding-bottom:32px}
section.cat{margin:24px 0}
section.cat h2{font-size:1.35rem;margin:0 0 12px;padding-bottom:4px;border-bottom:3px solid var(--s)}
section.cat h3.sub{font-size:1.15rem}
article.item{background:#fff;border-radius:12px;padding:16px;margin:0 0 12px;box-shadow:0 1px 2px rgba(0,0,0,.08)}
article.item.featured{border:3px solid var(--p)}
.badge{display:inline-block;background:var(--p);color:var(--on-p);border-radius:4px;padding:0 8px;font-size:.8rem;font-weight:600;margin:0 4px 4px 0}
.badge.alt{background:#eee;color:#333}
article.item h3,article.item h4{margin:0 0 8px;font-size:1.1rem}
article.item img{width:100%;aspect-ratio:16/9;object-fit:cover;border-radius:8px;margin:8px 0;background:#e8e8e4}
.rich h2{font-size:1.1rem}
dl.dlo{margin:8px 0}dl.dlo dt{font-weight:600}dl.dlo dd{margin:0 0 8px}
.btn{display:inline-block;background:var(--p);color:var(--on-p);border:0;border-radius:8px;padding:10px 16px;font:inherit;font-weight:600;text-decoration:none;cursor:pointer;margin:4px 0}
.btn.alt{background:var(--s);color:var(--on-s)}
.places h3{font-size:1.15rem;margin:20px 0 8px}
.place h4{margin:0 0 4px;font-size:1.1rem}
.place p{margin:4px 0}
.rating{font-size:.9rem;color:#5a4a00}
.ptext{white-space:pre-line}
.paddr{color:#444;font-size:.95rem}
.pacts{display:flex;flex-wrap:wrap;gap:8px}
.pacts .btn{margin:0;padding:8px 12px;font-size:.95rem}
.map{height:340px;border-radius:12px;margin:8px 0 16px;background:#e8e8e4;z-index:0}
.map a.btn{color:var(--on-p)}
.mapbox [hidden]{display:none}
.map-error{background:#fff4e5;border-radius:8px;padding:8px 12px}
@media(min-width:720px){.map{height:440px}}
.wifi{display:flex;flex-wrap:wrap;gap:16px;align-items:center;margin-top:8px}
.wifi svg{width:140px;height:140px;background:#fff}
.host{background:#fff;border-radius:12px;padding:16px;display:flex;gap:16px;align-items:center;margin:24px 0}
.host img{width:72px;height:72px;border-radius:50%;object-fit:cover}
.host p{margin:2px 0}
.empty{background:#fff;border-radius:12px;padding:24px;text-align:center}
.ask{background:#fff;border-radius:12px;padding:16px;margin:24px 0}
.ask h2{font-size:1.2rem;margin:0 0 4px}
.ask p{margin:0 0 8px}
.gate{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:20px}
.gate label{display:block;font-weight:600;margin-bottom:6px}
.gate input{font:inherit;font-size:1.4rem;letter-spacing:.3em;width:100%;padding:10px;border:2px solid #767676;border-radius:8px}
.error{color:#a50000;font-weight:600;min-height:1.5em}
footer{padding:24px 16px;text-align:center;color:#555;font-size:.85rem}
.message{max-width:520px;margin:15vh auto;text-align:center;padding:0 16px}
`;

/** The guide's stylesheet with the theme's colours as custom properties (GUIDE-12). */
export function guideStylesheet(theme: GuideTheme | null): string {
  const t = theme ?? {
    primary: "#1F6F68",
    onPrimary: "#ffffff",
    secondary: "#1F6F68",
    onSecondary: "#ffffff",
    background: "#ffffff",
    onBackground: "#000000",
  };
  const vars = `:root{--p:${t.primary};--on-p:${t.onPrimary};--s:${t.secondary};--on-s:${t.onSecondary};--bg:${t.background};--on-bg:${t.onBackground}}\n`;
  return vars + BASE;
}
