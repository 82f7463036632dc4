export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p role="status" className="text-base-dark padding-y-2">
      {label}
    </p>
  );
}
