/** See chromium.mjs. */
export function findChromium(): string | undefined;
