import ReactMarkdown from 'react-markdown';

/** Server-provided Markdown (legal texts); raw HTML in it is not rendered. */
export function Markdown({ children }: { children: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown>{children}</ReactMarkdown>
    </div>
  );
}
