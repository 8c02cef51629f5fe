/** The Palpite mark: a football on an emerald tile (also the favicon and app icon, src/web/public/favicon.svg). */

/** The logo mark, `size` px square, hidden from screen readers (the name next to it is read). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs><clipPath id="palpite-ball"><circle cx="32" cy="32" r="21"/></clipPath></defs><rect width="64" height="64" rx="14" fill="#047857"/><circle cx="32" cy="32" r="21" fill="#fff"/><g clipPath="url(#palpite-ball)" fill="#0f172a"><path d="M32.0 23.5L40.1 29.4L37.0 38.9L27.0 38.9L23.9 29.4Z"/><path d="M36.4 4.4L39.1 12.8L32.0 18.0L24.9 12.8L27.6 4.4ZM59.6 27.7L52.4 32.9L45.3 27.7L48.0 19.3L56.9 19.3ZM44.6 56.9L37.5 51.7L40.2 43.3L49.0 43.3L51.8 51.7ZM12.2 51.7L15.0 43.3L23.8 43.3L26.5 51.7L19.4 56.9ZM7.1 19.3L16.0 19.3L18.7 27.7L11.6 32.9L4.4 27.7Z"/></g><path d="M32.0 23.5L32.0 17.0M40.1 29.4L46.3 27.4M37.0 38.9L40.8 44.1M27.0 38.9L23.2 44.1M23.9 29.4L17.7 27.4" stroke="#0f172a" strokeWidth="2.2" strokeLinecap="round"/>
    </svg>
  );
}
