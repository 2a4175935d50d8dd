// Encrypts small secrets kept in D1 (the authenticator secret) with AES-GCM, under a key derived
// from SESSION_SECRET by HKDF. A copy of the database alone does not reveal them; rotating
// SESSION_SECRET makes stored ones unreadable (two-step sign-in is then set up again).
import { signingKey } from "../../server/secret.server";

const INFO = new TextEncoder().encode("baptist-men two-step secret v1");

async function boxKey(): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", new Uint8Array(signingKey()), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: INFO },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export async function sealSecret(plain: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await boxKey(), new TextEncoder().encode(plain)));
  return `${toBase64(iv)}.${toBase64(sealed)}`;
}

/** The plain text of a sealed secret, or null when it was not sealed with this key (or was altered). */
export async function openSecret(sealed: string): Promise<string | null> {
  const [iv, body] = sealed.split(".");
  if (!iv || !body) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64(iv) }, await boxKey(), fromBase64(body));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
