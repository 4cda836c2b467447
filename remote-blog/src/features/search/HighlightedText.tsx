import { Fragment } from 'react';
import type { SnippetSegment } from './snippet';

/** Snippet segments as text nodes and <mark> elements: never as HTML. */
export function HighlightedText({ segments }: { segments: readonly SnippetSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.marked ? (
          <mark key={index}>{segment.text}</mark>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
