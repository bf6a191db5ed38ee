/** One choice of a <select>. */
export interface SelectOption {
  value: string | number;
  label: string;
}

/** The options of an enum with its Vietnamese labels: enumOptions(CAR_STATUSES, CAR_STATUS_LABELS). */
export function enumOptions<T extends string>(
  values: readonly T[],
  labels: Record<T, string>,
): SelectOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}
