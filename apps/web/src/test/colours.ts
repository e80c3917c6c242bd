/** A #rrggbb colour as the DOM reports an inline style's: `rgb(r, g, b)`. */
export const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
