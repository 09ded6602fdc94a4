import { copy } from "@doorstep/shared/copy";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api-client.ts";

// The server's answer to the upload, set per test.
const server = vi.hoisted(() => ({ answer: null as null | (() => Promise<void>) }));
vi.mock("../../lib/upload.ts", () => ({ uploadFile: () => server.answer?.() ?? Promise.resolve() }));
const { ImageUpload } = await import("./image-upload.tsx");
const { ImageItem } = await import("./image-item.tsx");

/** jsdom decodes no images: a file named *.png decodes, anything else fails, as a browser would. */
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(url: string) {
    const name = urls.get(url) ?? "";
    setTimeout(() => (name.endsWith(".png") ? this.onload?.() : this.onerror?.()), 0);
  }
}
const urls = new Map<string, string>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal("Image", FakeImage);
  let n = 0;
  URL.createObjectURL = (file: Blob) => {
    const url = `blob:local/${++n}`;
    urls.set(url, (file as File).name);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  server.answer = null;
});

const choose = (input: HTMLElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
const settle = () => act(() => vi.runAllTimersAsync());
const localPreview = () => screen.queryAllByRole("img").find((img) => img.getAttribute("src")?.startsWith("blob:"));

describe("no preview for a file the server has not accepted", () => {
  it("an upload that starts at once shows the file only after the server accepted it", async () => {
    let accept: () => void = () => undefined;
    server.answer = () => new Promise<void>((resolve) => (accept = resolve));
    render(<ImageUpload label="Cover photo" alt="Cover" currentUrl={null} uploadUrl="/api/x" />);
    choose(screen.getByLabelText("Cover photo"), new File(["x"], "cover.png", { type: "image/png" }));
    await settle();
    expect(localPreview()).toBeUndefined();
    expect(screen.getByText(copy.common.notUploaded)).toBeInTheDocument();
    accept();
    await settle();
    expect(localPreview()).toBeDefined();
  });

  it("a refused file (a non-image of unknown type) never shows as a picture and leaves the stored one", async () => {
    server.answer = () => Promise.reject(new ApiError("UNSUPPORTED_MEDIA_TYPE", 415, "x"));
    render(<ImageUpload label="Cover photo" alt="Cover" currentUrl="/files/cover.webp" uploadUrl="/api/x" />);
    choose(screen.getByLabelText("Cover photo"), new File(["%PDF"], "notes.heic", { type: "" }));
    await settle();
    expect(screen.getByRole("alert")).toHaveTextContent(copy.errors.fileType);
    expect(localPreview()).toBeUndefined();
    expect(screen.getByRole("img", { name: "Cover" })).toHaveAttribute("src", "/files/cover.webp?w=300");
  });

  it("choose-then-save previews only what the browser could read as an image, and drops it when refused", async () => {
    server.answer = () => Promise.reject(new ApiError("UNSUPPORTED_MEDIA_TYPE", 415, "x"));
    render(<ImageItem title="Photo" alt="Photo" previewAlt="Chosen photo" currentUrl={null} uploadUrl="/api/x" />);
    fireEvent.click(screen.getByRole("button", { name: /edit/i }));
    choose(screen.getByLabelText("Photo"), new File(["?"], "mystery", { type: "" }));
    await settle();
    expect(localPreview()).toBeUndefined();
    choose(screen.getByLabelText("Photo"), new File(["x"], "photo.png", { type: "image/png" }));
    await settle();
    expect(screen.getByRole("img", { name: "Chosen photo" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: `${copy.common.save} Photo` }));
    await settle();
    expect(screen.queryByRole("img", { name: "Chosen photo" })).not.toBeInTheDocument();
    expect(screen.getByText(copy.errors.fileType)).toBeInTheDocument();
  });
});
