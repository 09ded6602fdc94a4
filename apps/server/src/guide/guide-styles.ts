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
[hidden]{display:none!important}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.ic{width:22px;height:22px;flex:none;fill:none;stroke:currentColor;stroke-width:1.8;stroke-linecap:round;stroke-linejoin:round}
html{scroll-padding-top:60px}
.bar{position:sticky;top:0;z-index:5;background:var(--p);color:var(--on-p);box-shadow:0 1px 3px rgba(0,0,0,.25)}
.barin{display:flex;align-items:center;gap:4px;min-height:52px}
.ib{display:flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border-radius:8px;text-decoration:none}
.bt{flex:1}
.menu{position:relative}
.menu summary{list-style:none;cursor:pointer;display:flex;align-items:center;gap:6px;min-height:44px;padding:0 10px;border-radius:8px;font-weight:600}
.menu summary::-webkit-details-marker{display:none}
.menu ul{position:absolute;inset-inline-end:0;top:100%;margin:6px 0 0;padding:6px;list-style:none;background:#fff;color:#1c1c1c;border-radius:10px;box-shadow:0 8px 28px rgba(0,0,0,.25);width:max-content;min-width:220px;max-width:calc(100vw - 32px);max-height:70vh;overflow:auto}
.menu a{display:block;padding:10px 12px;border-radius:6px;text-decoration:none}
.ib:hover,.ib:focus-visible,.menu summary:hover{background:rgba(127,127,127,.25)}
.menu a:hover,.menu a:focus-visible{background:#f0f0ee}
.tiles ul{list-style:none;margin:16px 0;padding:0;display:flex;flex-wrap:wrap;gap:10px}
.tiles li{flex:1 1 min(150px,calc(50% - 5px))}
.tiles a{display:flex;flex-direction:column;gap:10px;min-height:100px;height:100%;padding:14px 12px;background:#fff;border-radius:12px;text-decoration:none;font-weight:600;line-height:1.25;box-shadow:0 1px 2px rgba(0,0,0,.08);hyphens:auto;-webkit-hyphens:auto;overflow-wrap:break-word}
.tiles a:is(:lang(ja),:lang(zh),:lang(ko),:lang(ar)){hyphens:manual;-webkit-hyphens:manual}
.nw{white-space:nowrap}
@media(max-width:359px){.tiles a{font-size:.95rem;padding:12px 10px}}
.tiles a:hover{box-shadow:0 2px 10px rgba(0,0,0,.16)}
.tiles .ic{width:30px;height:30px;color:var(--p)}
.feat>h2,.srch h2{font-size:1.2rem;margin:20px 0 10px}
.srch input{font:inherit;width:100%;padding:10px 12px;border:2px solid #767676;border-radius:8px;background:#fff}
.srch .status{margin:8px 0;color:#444}
.results{list-style:none;margin:0;padding:0}
.results a{display:block;background:#fff;border-radius:10px;padding:12px;margin:0 0 8px;text-decoration:none;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.results small{display:block;color:#555}
.results span{display:block;margin-top:4px;color:#333}
.results mark{background:#fff1a8;color:inherit}
.totop{position:fixed;inset-inline-end:16px;bottom:16px;z-index:5;width:48px;height:48px;border:0;border-radius:50%;background:var(--p);color:var(--on-p);display:flex;align-items:center;justify-content:center;cursor:pointer;box-shadow:0 2px 8px rgba(0,0,0,.3)}
#search:not(:target){display:none}
@supports selector(:has(*)){
main>.cat:not(:target):not(:has(:target)){display:none}
main:has(>.cat:target,>.cat :target,>#search:target)>.home{display:none}
}
@media print{.bar,.totop,.srch,.tiles{display:none!important}main>.cat{display:block!important}}
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
.host{background:#fff;border-radius:12px;padding:16px;margin:16px 0}
.stay{background:#fff;border-radius:12px;padding:16px;margin:16px 0;border-inline-start:4px solid var(--p)}
.stay h2{margin:0 0 8px;font-size:1.25rem}
.stay dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:0}
.stay dt{font-weight:600;color:#555}
.stay dd{margin:0}
.stay .code{font-size:1.5rem;font-weight:700;letter-spacing:.08em}
.stay .note{margin:12px 0 0;padding:8px 12px;border-radius:8px;background:#f0f0ee}
.restricted{color:#555;font-style:italic}
stay-held{display:block}
.hwho{display:flex;gap:14px;align-items:center}
.host img{width:64px;height:64px;border-radius:50%;object-fit:cover}
.host h2{font-size:.9rem;font-weight:600;color:#555;margin:0}
.hname{font-size:1.2rem;font-weight:600;margin:0}
.hacts{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0 0}
.hacts .btn{display:inline-flex;align-items:center;gap:8px;margin:0}
.empty{background:#fff;border-radius:12px;padding:24px;text-align:center}
.gate{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:20px}
.gate label{display:block;font-weight:600;margin-bottom:6px}
.gate input{font:inherit;font-size:1.4rem;letter-spacing:.3em;width:100%;padding:10px;border:2px solid #767676;border-radius:8px}
.gate input::placeholder{font-size:1rem;letter-spacing:normal;color:#6b6b6b}
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
