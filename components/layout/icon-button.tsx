'use client';

/** A round 44 px icon button of the header and the drawer. */
export function IconButton(props: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={`inline-flex h-11 w-11 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-gray-900 ${props.className ?? ''}`}
    />
  );
}
