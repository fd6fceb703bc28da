/** The row of form buttons: stacked full-width on a phone (primary on top), side by side from sm. */
export function FormActions({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  return <div className={`flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end ${className}`}>{children}</div>;
}
