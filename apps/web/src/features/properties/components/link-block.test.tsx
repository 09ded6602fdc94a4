import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LinkBlock } from "./link-block.tsx";

const property = {
  propertyId: "seaside",
  title: "Seaside Escape",
  guideUrl: "https://guide.example/g/seaside",
  qrPngUrl: "/api/properties/seaside/qr.png",
  qrSvgUrl: "/api/properties/seaside/qr.svg",
  posterUrl: "/api/properties/seaside/poster.svg",
  passcode: null,
  published: true,
  live: true,
  inactiveReason: null,
} as unknown as PropertyDto;

function renderBlock() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LinkBlock property={property} />
    </QueryClientProvider>,
  );
}

describe("LinkBlock QR area (PROP-22, PROP-23, OPEN-38)", () => {
  it("shows the QR code and its downloads, made at once, without the 12-hours message", () => {
    renderBlock();
    expect(screen.getByRole("img", { name: copy.properties.qrAlt(property.title) })).toHaveAttribute(
      "src",
      `${property.qrPngUrl}?size=320`,
    );
    expect(screen.getByRole("link", { name: copy.properties.downloadQrPng })).toHaveAttribute(
      "href",
      property.qrPngUrl,
    );
    expect(screen.queryByText(copy.properties.linkPending)).not.toBeInTheDocument();
  });

  it("falls back to the seeds' message while the QR code cannot be had", () => {
    renderBlock();
    fireEvent.error(screen.getByRole("img", { name: copy.properties.qrAlt(property.title) }));
    expect(screen.getByText(copy.properties.linkPending)).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: copy.properties.qrAlt(property.title) })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: copy.properties.downloadQrPng })).not.toBeInTheDocument();
    // The web link itself is still there to copy.
    expect(screen.getByRole("link", { name: property.guideUrl })).toBeInTheDocument();
  });
});
