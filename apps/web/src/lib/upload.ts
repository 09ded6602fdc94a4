import { BASE_HEADERS, toApiError, ApiError } from "./api-client.ts";

export interface UploadOptions {
  method?: "PUT" | "POST";
  fieldName?: string;
  onProgress?: (fraction: number) => void;
}

/** Sends one file as multipart/form-data with XMLHttpRequest, so the UI can show progress (fetch cannot). */
export function uploadFile(path: string, file: File, options: UploadOptions = {}): Promise<void> {
  const { method = "PUT", fieldName = "file", onProgress } = options;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(BASE_HEADERS)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve();
      } else {
        reject(toApiError(xhr.status, xhr.responseText));
      }
    });
    xhr.addEventListener("error", () => reject(new ApiError("INTERNAL", 0, "Upload failed")));
    xhr.addEventListener("abort", () => reject(new ApiError("INTERNAL", 0, "Upload aborted")));
    const form = new FormData();
    form.append(fieldName, file);
    xhr.send(form);
  });
}
