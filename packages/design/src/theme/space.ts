/** The spacing scale in pixels; styled-system's `m`, `p`, `gap`… props index into it. */
export const space = [0, 4, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80] as const;
