import { copy } from "@doorstep/shared/copy";
import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { uploadErrorCopy, useImageUpload } from "./use-image-upload.ts";

const files = (...list: File[]) => list as unknown as FileList;

describe("useImageUpload: the server decides the type (decision 006)", () => {
  it("accepts a file whose browser type is empty and refuses one that says it is not an image", () => {
    const { result } = renderHook(() => useImageUpload({ uploadUrl: "/api/me/photo" }));
    let chosen: File | null = null;
    act(() => {
      chosen = result.current.choose(files(new File(["x"], "IMG_0001.HEIC", { type: "" })));
    });
    expect(chosen).not.toBeNull();
    expect(result.current.status).toBe("chosen");
    act(() => {
      chosen = result.current.choose(files(new File(["x"], "notes.txt", { type: "text/plain" })));
    });
    expect(chosen).toBeNull();
    expect(result.current.error).toBe(copy.errors.fileType);
  });

  it("shows HEIC and too-many-pixels refusals with their own copy", () => {
    expect(uploadErrorCopy(new ApiError("HEIC_NOT_SUPPORTED", 415, "x"))).toBe(copy.errors.heicNotSupported);
    expect(uploadErrorCopy(new ApiError("IMAGE_TOO_MANY_PIXELS", 413, "x"))).toBe(copy.errors.imageTooManyPixels);
    expect(uploadErrorCopy(new ApiError("UNSUPPORTED_MEDIA_TYPE", 415, "x"))).toBe(copy.errors.fileType);
  });
});
