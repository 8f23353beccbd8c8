export function Logo({ productName }: { productName: string }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-ink">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <circle cx="16" cy="16" r="15" fill="#2f56d1" />
        <path d="M11 20c0-6 3-10 7-10a5 5 0 0 1 5 5c0 4-4 4-4 8a3 3 0 0 1-6 0" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <span className="text-lg">{productName}</span>
    </span>
  );
}
