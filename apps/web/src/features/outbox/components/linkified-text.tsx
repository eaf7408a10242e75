import type { ReactNode } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/**
 * Plain mail text with its links clickable. Links to this installation open in the same tab (the
 * demo follows a reset or invitation link from here); others in a new one.
 */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?]+$/, '');
    const index = match.index ?? 0;
    if (index > last) parts.push(text.slice(last, index));
    const sameOrigin = url.startsWith(window.location.origin);
    parts.push(
      <a
        key={`${index}-${url}`}
        href={url}
        {...(sameOrigin ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
        className="break-all text-indigo-600 underline hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {url}
      </a>,
    );
    last = index + url.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
