/**
 * The colours of a collection's journeys, in the order of its list: dark enough that the white number on a
 * marker reads (at least 4.5 : 1) and that the lines stand out on the light map style. With more stones than
 * colours they repeat; the numbers on the markers and in the list tell the stones apart, not the colour.
 */
export const JOURNEY_COLORS = [
  '#b45309',
  '#1d4ed8',
  '#047857',
  '#be185d',
  '#6d28d9',
  '#0e7490',
  '#b91c1c',
  '#4d7c0f',
  '#a21caf',
  '#1e3a8a',
  '#92400e',
  '#166534',
] as const;

export const journeyColor = (index: number): string => JOURNEY_COLORS[index % JOURNEY_COLORS.length] ?? JOURNEY_COLORS[0];
