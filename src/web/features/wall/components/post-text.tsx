/**
 * A post's text as the page shows it: plain text with its line breaks kept (whitespace-pre-wrap), and
 * its http(s) addresses as links opening in a new tab (src/domain/wall.ts wallTextParts). Never read as
 * HTML: every part is a React text node or an <a> whose address the split made.
 */
import { useMemo } from 'react';
import { wallTextParts } from '../../../../domain/wall';

/** The parts of `text`, each link with its text as it was written ("www.x.org" stays so, though it leads to https://www.x.org). */
function shownParts(text: string) {
  let at = 0;
  return wallTextParts(text).map((part) => {
    const shown = 'link' in part ? (text.startsWith(part.link, at) ? part.link : part.link.replace(/^https:\/\//, '')) : part.text;
    at += shown.length;
    return { ...part, shown };
  });
}

/** The body of a post. */
export function PostText({ text }: { text: string }) {
  const parts = useMemo(() => shownParts(text), [text]);
  return (
    <p className="whitespace-pre-wrap text-[15px] leading-snug text-slate-900 [overflow-wrap:anywhere]">
      {parts.map((part, i) => ('link' in part ? (
        <a key={i} href={part.link} target="_blank" rel="noopener noreferrer nofollow ugc"
          className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900">
          {part.shown}
        </a>
      ) : part.text))}
    </p>
  );
}
