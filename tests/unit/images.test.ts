import { describe, expect, it } from "vitest";
import { imageSources, isImageKey } from "~/lib/images";

describe("imageSources", () => {
  it("derives a srcset from the widest variant's name", () => {
    expect(imageSources("/media/events/sample-retreat-1600w.webp")).toEqual({
      src: "/media/events/sample-retreat-960w.webp",
      srcSet:
        "/media/events/sample-retreat-480w.webp 480w, /media/events/sample-retreat-960w.webp 960w, /media/events/sample-retreat-1600w.webp 1600w",
    });
  });

  it("never offers a width larger than the original", () => {
    expect(imageSources("/images/event-images/abc-700w.webp")).toEqual({
      src: "/images/event-images/abc-700w.webp",
      srcSet: "/images/event-images/abc-480w.webp 480w, /images/event-images/abc-700w.webp 700w",
    });
  });

  it("leaves other URLs alone", () => {
    expect(imageSources("/images/blog-images/photo.jpg")).toEqual({ src: "/images/blog-images/photo.jpg" });
  });
});

describe("isImageKey", () => {
  it("accepts keys under our prefixes and refuses traversal or other prefixes", () => {
    expect(isImageKey("event-images/abc-960w.webp")).toBe(true);
    expect(isImageKey("ministry-images/ministries/x-480w.webp")).toBe(true);
    expect(isImageKey("event-images/../secrets")).toBe(false);
    expect(isImageKey("other/x.webp")).toBe(false);
    expect(isImageKey("event-images/<script>.webp")).toBe(false);
  });
});
