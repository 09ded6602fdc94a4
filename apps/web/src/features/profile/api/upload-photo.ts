/** PUT /api/me/photo as multipart with one "file" field (AUTH-41, AUTH-42); components/ui/image-item sends it. */
export const PHOTO_URL = "/api/me/photo";
