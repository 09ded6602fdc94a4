import { copy } from "@doorstep/shared/copy";
import { pdfPosterPrints } from "@doorstep/shared/rules/poster";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { useState } from "react";
import { Alert } from "../../../components/ui/banner.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useCopyText } from "../../../lib/use-copy-text.ts";
import { PasscodeControl } from "./passcode-control.tsx";
import { PublishControl } from "./publish-control.tsx";

function DownloadIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5M5 19.5h14" />
    </svg>
  );
}

/** A copy button whose confirmation shows for 3 seconds (PROP-16, XCUT-50). */
export function CopyLinkButton({
  url,
  label = copy.properties.copyLink,
  confirmation = copy.properties.linkCopied,
}: {
  url: string;
  label?: string;
  confirmation?: string;
}) {
  const { copied, failed, copy: copyLink } = useCopyText();
  return (
    <div className="copy-link">
      <Button variant="secondary" size="sm" onClick={() => copyLink(url)}>
        {label}
      </Button>
      <span className="copy-link__status" role="status">
        {copied ? confirmation : ""}
      </span>
      {failed ? <Alert>{copy.common.genericError}</Alert> : null}
    </div>
  );
}

/**
 * The printable poster (PROP-23): PDF or SVG, on A4 or US Letter. The PDF prints Latin, Greek and
 * Cyrillic letters only (rules/poster.ts, as the server decides): for a title in another script only the SVG is
 * offered, and the block says why.
 */
function PosterDownloads({ property }: { property: PropertyDto }) {
  const formats = copy.properties.posterFormats;
  const pdf = pdfPosterPrints(property.title);
  const links = (
    [
      ["pdf-a4", property.posterPdfUrl],
      ["pdf-letter", `${property.posterPdfUrl}?paper=letter`],
      ["svg-a4", property.posterUrl],
      ["svg-letter", `${property.posterUrl}?paper=letter`],
    ] satisfies [keyof typeof formats, string][]
  ).filter(([format]) => pdf || !format.startsWith("pdf"));
  return (
    <div className="link-block__poster">
      <h3 className="overview-block__label" id="poster-heading">
        {copy.properties.downloadPoster}
      </h3>
      <ul className="link-block__downloads" aria-labelledby="poster-heading">
        {links.map(([format, href]) => (
          <li key={format}>
            <a href={href} download aria-label={`${copy.properties.downloadPoster}: ${formats[format]}`}>
              <DownloadIcon /> {formats[format]}
            </a>
          </li>
        ))}
      </ul>
      {pdf ? null : <p className="link-block__note">{copy.properties.posterPdfUnprintable}</p>}
    </div>
  );
}

/**
 * The link block (PROP-16, PROP-23…25, OPEN-38, OPEN-40): the web link with copy, the QR code (which encodes
 * the stable /q/ address) with PNG, SVG and poster downloads, the passcode and the publish control.
 * QR codes are made on request (OPEN-38), so PROP-22's "will appear here within 12 hours" is only the
 * fallback for a QR code that cannot be had.
 */
export function LinkBlock({ property }: { property: PropertyDto }) {
  const [qrMissing, setQrMissing] = useState(false);
  return (
    <section className="overview-block link-block" aria-labelledby="link-heading">
      <h2 id="link-heading">{copy.properties.linkHeading}</h2>
      <div className="link-block__grid">
        <div className="link-block__link stack">
          <div>
            <h3 className="overview-block__label">{copy.properties.webLink}</h3>
            <a className="link-block__url" href={property.guideUrl} target="_blank" rel="noopener noreferrer">
              {property.guideUrl}
            </a>
          </div>
          <CopyLinkButton url={property.guideUrl} />
          <PasscodeControl property={property} />
          <PublishControl property={property} />
        </div>
        <div className="link-block__qr">
          {qrMissing ? (
            <p className="muted">{copy.properties.linkPending}</p>
          ) : (
            <>
              <img
                className="link-block__qr-image"
                src={`${property.qrPngUrl}?size=320`}
                alt={copy.properties.qrAlt(property.title)}
                width={160}
                height={160}
                onError={() => setQrMissing(true)}
              />
              <p className="field__hint">{copy.properties.qrHint}</p>
              <ul className="link-block__downloads">
                <li>
                  <a href={property.qrPngUrl} download>
                    <DownloadIcon /> {copy.properties.downloadQrPng}
                  </a>
                </li>
                <li>
                  <a href={property.qrSvgUrl} download>
                    <DownloadIcon /> {copy.properties.downloadQrSvg}
                  </a>
                </li>
              </ul>
              <PosterDownloads property={property} />
            </>
          )}
        </div>
      </div>
    </section>
  );
}
