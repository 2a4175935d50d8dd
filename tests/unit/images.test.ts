import { describe, expect, it } from "vitest";
import { imageSources, isImageKey, sharePictureUrl } from "~/features/images/images";
import { jpegSize } from "~/features/images/image-store.server";
import { fixtureBytes } from "../fixtures/images";
import { publicPicture } from "../fixtures/public-files";

describe("imageSources", () => {
  it("derives a srcset, and the smallest width for phones, from the widest variant's name", () => {
    expect(imageSources("/media/events/sample-retreat-1600w.webp")).toEqual({
      src: "/media/events/sample-retreat-960w.webp",
      srcSet:
        "/media/events/sample-retreat-480w.webp 480w, /media/events/sample-retreat-960w.webp 960w, /media/events/sample-retreat-1600w.webp 1600w",
      phoneSrc: "/media/events/sample-retreat-480w.webp",
      phoneWidth: 480,
    });
  });

  it("never offers a width larger than the original", () => {
    expect(imageSources("/images/event-images/abc-700w.webp")).toEqual({
      src: "/images/event-images/abc-700w.webp",
      srcSet: "/images/event-images/abc-480w.webp 480w, /images/event-images/abc-700w.webp 700w",
      phoneSrc: "/images/event-images/abc-480w.webp",
      phoneWidth: 480,
    });
  });

  it("has nothing smaller for phones when there is one width", () => {
    expect(imageSources("/media/people/leader-1-480w.webp")).toEqual({
      src: "/media/people/leader-1-480w.webp",
      srcSet: "/media/people/leader-1-480w.webp 480w",
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

describe("sharePictureUrl", () => {
  it("names the share picture beside an upload stored with one (its stem ends in -og)", () => {
    expect(sharePictureUrl("/images/event-images/0123abcd-og-1600w.webp")).toBe("/images/event-images/0123abcd-og-share.jpg");
    expect(sharePictureUrl("/images/blog-images/blogs/0123abcd-og-700w.jpg")).toBe("/images/blog-images/blogs/0123abcd-og-share.jpg");
  });

  it("names the bundled event, ministry and blog pictures' share pictures", () => {
    expect(sharePictureUrl("/media/events/sample-retreat-1600w.webp")).toBe("/media/events/sample-retreat-share.jpg");
    expect(sharePictureUrl("/media/ministries/discipleship-1600w.webp")).toBe("/media/ministries/discipleship-share.jpg");
    expect(sharePictureUrl("/media/blog/borehole-project-1600w.webp")).toBe("/media/blog/borehole-project-share.jpg");
  });

  it("is null for pictures without one: older uploads, originals stored without JavaScript, portraits, other addresses", () => {
    for (const url of [
      "/images/event-images/0123456789abcdef0123456789abcdef-1600w.webp",
      "/images/event-images/0123456789abcdef0123456789abcdef.jpg",
      "/media/people/leader-1-480w.webp",
      "/media/map-falls-area-1600w.webp",
      "https://example.org/images/event-images/x-og-1600w.webp",
    ]) {
      expect(sharePictureUrl(url), url).toBeNull();
    }
  });
});

describe("jpegSize", () => {
  it("reads a JPEG's size from its frame header", () => {
    expect(jpegSize(fixtureBytes("jpeg"))).toEqual({ width: 4, height: 3 });
    expect(jpegSize(publicPicture("/media/og-default.jpg")!)).toEqual({ width: 1200, height: 630 });
  });

  it("is null for other images, a JPEG cut short and junk", () => {
    expect(jpegSize(fixtureBytes("png"))).toBeNull();
    expect(jpegSize(fixtureBytes("jpeg").slice(0, 40))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]))).toBeNull();
  });
});
