import { catalogueMessages } from '@farmacia/contract';
import './pdf-frame.css';

/**
 * A PDF served by the app (flyer, shifts) in a frame, with a link to open it on its own: some
 * mobile browsers show only the first page of a PDF inside a frame.
 */
export function PdfFrame({ src, title }: { src: string; title: string }) {
  return (
    <div className="pdf-frame">
      <iframe className="pdf-frame__frame" src={src} title={title} />
      <a className="button button--secondary button--block" href={src} target="_blank" rel="noopener">
        {catalogueMessages.openPdf}
      </a>
    </div>
  );
}
