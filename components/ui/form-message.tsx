/** A message inside a form or a sign-in screen: an error is announced at once (alert), a success politely (status). */
export function FormMessage({
  severity = 'error',
  className = 'text-sm',
  children,
}: {
  severity?: 'error' | 'success';
  className?: string;
  children: React.ReactNode;
}) {
  const colours = severity === 'error' ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900';
  return (
    <div role={severity === 'error' ? 'alert' : 'status'} className={`rounded-md border-l-4 px-4 py-3 font-medium ${colours} ${className}`}>
      {children}
    </div>
  );
}
