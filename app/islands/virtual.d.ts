// The URL of the built islands script, from scripts/vite-islands.ts.
declare module "virtual:islands" {
  export const islandsScriptSrc: string;
}
