/** A list parameter: `x[]=a&x[]=b`, `x=a,b` or `x=a`. */
export function listParam(value: unknown): string[] | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const items = Array.isArray(value) ? value.map(String) : String(value).split(",");
  const cleaned = items.map((s) => s.trim()).filter(Boolean);
  return cleaned.length ? cleaned : undefined;
}
