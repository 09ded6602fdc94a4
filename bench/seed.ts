// Data the benchmarks make through the product's own API, as a host would.
import sharp from "sharp";

export interface Host {
  cookie: string;
  api(method: string, url: string, body?: unknown): Promise<Response>;
}

/** Signs up a new host and returns their session cookie and a JSON API caller. */
export async function signUpHost(baseUrl: string, firstName = "Host"): Promise<Host> {
  const signUp = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName,
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: "correct-horse-battery",
    }),
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers.get("set-cookie")!.split(";")[0]!;
  const api = (method: string, url: string, body?: unknown) =>
    fetch(`${baseUrl}${url}`, {
      method,
      // A cookie write names its origin (CSRF rule, decision 011).
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), cookie, origin: baseUrl },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { cookie, api };
}

/** Creates `count` properties named "{town} Flat {n}" with weblinks `{prefix}-{n}`, twenty at a time. */
export async function createProperties(host: Host, count: number, prefix = "bench-flat"): Promise<void> {
  const towns = ["Brighton", "Bath", "York", "Cork", "Lisbon", "Porto", "Nice", "Split"];
  for (let i = 0; i < count; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, async (_, j) => {
        const n = i + j;
        const res = await host.api("POST", "/api/properties", {
          title: `${towns[n % towns.length]} Flat ${n}`,
          propertyId: `${prefix}-${n}`,
        });
        if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
      }),
    );
  }
}

/** A photo-like JPEG (smooth gradients and detail), as a host's phone would upload; 3:2. */
export async function photo(seed: number, width = 1600, quality = 82): Promise<Buffer> {
  const height = Math.round((width * 2) / 3);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      raw[o] = (x / 7 + seed * 40 + Math.sin(y / 23) * 30) & 255;
      raw[o + 1] = (y / 5 + Math.cos((x + seed * 50) / 41) * 60 + 60) & 255;
      raw[o + 2] = ((x ^ y) / 9 + seed * 17) & 255;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** Uploads one image (multipart field `file`) with the host's session. */
export async function upload(
  baseUrl: string,
  host: Host,
  url: string,
  image: Buffer,
  type: "image/jpeg" | "image/webp" = "image/jpeg",
) {
  const form = new FormData();
  form.append("file", new Blob([image], { type }), type === "image/webp" ? "photo.webp" : "photo.jpg");
  const res = await fetch(`${baseUrl}${url}`, {
    method: "PUT",
    headers: { cookie: host.cookie, origin: baseUrl },
    body: form,
  });
  if (!res.ok) throw new Error(`upload ${url}: ${res.status} ${await res.text()}`);
}

/**
 * A published guide with `items` rich-text items over seven sections, in English, French and German, and
 * `images` photos (the cover and the rest spread through the items). Returns its weblink id.
 */
export async function createGuide(
  baseUrl: string,
  host: Host,
  items = 30,
  images = 10,
  photoWidth = 1600,
  photoQuality = 82,
): Promise<string> {
  const id = `bench-guide-${Date.now().toString(36)}`;
  await host.api("POST", "/api/properties", { title: "Harbour Loft", propertyId: id });
  // Published: a new property is a draft (decision 020), whose guide answers the 503 unavailable page.
  const patch = await host.api("PATCH", `/api/properties/${id}`, {
    displayAddress: "12 Quay Street, Whitby",
    languageTranslations: ["fr", "de"],
    published: true,
  });
  if (patch.status !== 204) throw new Error(`publish: ${patch.status} ${await patch.text()}`);
  const categories = ["arrival", "wifi-and-tech", "house-rules", "the-home", "getting-around", "safety", "check-out"];
  const photos = await Promise.all(Array.from({ length: images }, (_, i) => photo(i, photoWidth, photoQuality)));
  if (photos[0]) await upload(baseUrl, host, `/api/properties/${id}/cover`, photos[0]);
  for (let i = 0; i < items; i++) {
    const res = await host.api("POST", `/api/properties/${id}/content/items`, {
      categoryLabel: categories[i % categories.length],
      title: `Guide item ${i + 1}`,
      detailText: `<p>Everything a guest needs to know about item ${i + 1}, with <strong>bold</strong> and <a href="https://example.com">a link</a>.</p><ul><li>One</li><li>Two</li></ul>`,
      featured: i % 10 === 0,
    });
    if (res.status !== 201) throw new Error(`item ${i}: ${res.status} ${await res.text()}`);
    // Item photos spread through the guide (most of them below the fold).
    const photoIndex = i / 3 + 1;
    if (i % 3 === 0 && photos[photoIndex]) {
      const item = ((await res.json()) as { item: { id: string } }).item;
      await upload(baseUrl, host, `/api/properties/${id}/content/items/${item.id}/media/image`, photos[photoIndex]);
    }
  }
  return id;
}
