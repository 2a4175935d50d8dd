// The images feature's public module: what routes and other features may use of it, safe in the browser.
// Server-only parts are in ./index.server.ts.
export { ImageField, type SampleImage } from "./image-field";
export { IMAGE_BUCKETS, type ImageKind, imageSources, isImageKey, SHARE_PICTURE, sharePictureUrl } from "./images";
export { FeatureImage, ResponsiveImage } from "./responsive-image";
