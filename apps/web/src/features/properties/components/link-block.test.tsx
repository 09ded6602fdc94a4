import { copy } from "@doorstep/shared/copy";
import type { PropertyDto } from "@doorstep/shared/schemas/property";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CopyLinkButton, LinkBlock } from "./link-block.tsx";

const property = {
  propertyId: "seaside",
  title: "Seaside Escape",
  guideUrl: "https://guide.example/g/seaside",
  qrPngUrl: "/api/properties/seaside/qr.png",
  qrSvgUrl: "/api/properties/seaside/qr.svg",
  posterUrl: "/api/properties/seaside/poster.svg",
  posterPdfUrl: "/api/properties/seaside/poster.pdf",
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

  it("offers the poster as PDF and SVG, on A4 and US Letter", () => {
    renderBlock();
    const poster = (format: string) =>
      screen.getByRole("link", { name: `${copy.properties.downloadPoster}: ${format}` });
    const f = copy.properties.posterFormats;
    expect(poster(f["pdf-a4"])).toHaveAttribute("href", "/api/properties/seaside/poster.pdf");
    expect(poster(f["pdf-letter"])).toHaveAttribute("href", "/api/properties/seaside/poster.pdf?paper=letter");
    expect(poster(f["svg-a4"])).toHaveAttribute("href", "/api/properties/seaside/poster.svg");
    expect(poster(f["svg-letter"])).toHaveAttribute("href", "/api/properties/seaside/poster.svg?paper=letter");
  });

  it("offers only the SVG poster for a title the PDF cannot print, and says why", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <LinkBlock property={{ ...property, title: "海边的家" }} />
      </QueryClientProvider>,
    );
    const f = copy.properties.posterFormats;
    const poster = (format: string) =>
      screen.queryByRole("link", { name: `${copy.properties.downloadPoster}: ${format}` });
    expect(poster(f["pdf-a4"])).not.toBeInTheDocument();
    expect(poster(f["pdf-letter"])).not.toBeInTheDocument();
    expect(poster(f["svg-a4"])).toHaveAttribute("href", "/api/properties/seaside/poster.svg");
    expect(screen.getByText(copy.properties.posterPdfUnprintable)).toBeInTheDocument();
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

describe("copy link (PROP-16, XCUT-50)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says "Link copied to clipboard" for 3 s after each copy, then clears', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<CopyLinkButton url={property.guideUrl} />);
    const status = screen.getByRole("status");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: copy.properties.copyLink }));
    });
    expect(writeText).toHaveBeenCalledWith(property.guideUrl);
    expect(status).toHaveTextContent(copy.properties.linkCopied);
    act(() => vi.advanceTimersByTime(2000));
    // A second copy restarts the 3 s.
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: copy.properties.copyLink }));
    });
    act(() => vi.advanceTimersByTime(2999));
    expect(status).toHaveTextContent(copy.properties.linkCopied);
    act(() => vi.advanceTimersByTime(1));
    expect(status).toBeEmptyDOMElement();
  });

  it("the setup-complete page's copy of it clears the same way", async () => {
    vi.useFakeTimers();
    Object.defineProperty(navigator, "clipboard", {
      value: { writeText: vi.fn().mockResolvedValue(undefined) },
      configurable: true,
    });
    render(<CopyLinkButton url={property.guideUrl} label={copy.setup.copyLink} confirmation={copy.setup.linkCopied} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: copy.setup.copyLink }));
    });
    expect(screen.getByRole("status")).toHaveTextContent(copy.setup.linkCopied);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });
});
