import { Fragment, useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { AGENCY } from '../../app/agency';
import { enSigns } from '../../i18n/en-signs';
import { esSigns } from '../../i18n/es-signs';

/** What a sign says of its beach: names and where its live page is. No status: the page has it (decision 0061). */
export interface SignBeach {
  /** The beach page's station (a beach_station_id): /beach/<id>. */
  stationId: number;
  beachName: string;
  /** Shown under the beach's name when it differs from it. */
  stationName: string;
  programName: string;
}

/** The beach page's address on this site's own origin: what the QR code holds and the sign prints. */
export function beachPageUrl(stationId: number, origin: string = window.location.origin): string {
  return `${origin}/beach/${stationId}`;
}

/** The address as printed: without the scheme, which no one types. */
export function printedUrl(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

/** A sign's text with its {{name}} placeholders filled (it prints both languages, whatever the visitor reads). */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/** The QR code's SVG, made by node-qrcode (error correction M, the standard 4-module quiet zone). */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
}

/** The QR code of `url`, drawn when node-qrcode has made it. */
function QrCode({ url }: { url: string }) {
  const [made, setMade] = useState<{ url: string; svg: string } | null>(null);
  useEffect(() => {
    let current = true;
    qrSvg(url).then(
      (svg) => current && setMade({ url, svg }),
      () => current && setMade(null),
    );
    return () => {
      current = false;
    };
  }, [url]);
  const label = `${fill(enSigns.sign.qr, { url })}`;
  return (
    <div
      className="beach-sign__qr"
      role="img"
      aria-label={label}
      data-url={url}
      data-ready={made?.url === url ? 'true' : 'false'}
      // node-qrcode's own SVG of our own address: no visitor input reaches it.
      dangerouslySetInnerHTML={made?.url === url ? { __html: made.svg } : undefined}
    />
  );
}

/**
 * One printable sign: the program's and beach's names, a QR code to the beach's live page, its address and the
 * agency's phone, in English and in Spanish. One printed page each (signs.css).
 */
export function BeachSign({ beach, url, phone = AGENCY.phone }: { beach: SignBeach; url: string; phone?: string }) {
  const halves = [
    { lang: 'en', text: enSigns.sign },
    { lang: 'es', text: esSigns.sign },
  ] as const;
  return (
    <article className="beach-sign" aria-labelledby={`beach-sign-${beach.stationId}`}>
      <header className="beach-sign__header" lang="en">
        <p className="beach-sign__program">{beach.programName}</p>
        <h2 className="beach-sign__beach" id={`beach-sign-${beach.stationId}`}>
          {beach.beachName}
        </h2>
        {beach.stationName !== beach.beachName && <p className="beach-sign__station">{beach.stationName}</p>}
      </header>
      <div className="beach-sign__code">
        <QrCode url={url} />
        <p className="beach-sign__visit">
          <span lang="en">{enSigns.sign.visit}</span> · <span lang="es">{esSigns.sign.visit}</span>
        </p>
        <p className="beach-sign__url">{printedUrl(url)}</p>
      </div>
      <div className="beach-sign__halves">
        {halves.map(({ lang, text }) => (
          <section key={lang} lang={lang} className="beach-sign__half" aria-label={text.label}>
            <h3 className="beach-sign__heading">{text.heading}</h3>
            <p className="beach-sign__scan">{text.scan}</p>
            <p className="beach-sign__call">
              {/* The number on one line: a phone number broken at a hyphen is misread. */}
              {text.call.split('{{phone}}').map((part, i) => (
                <Fragment key={i}>
                  {i > 0 && <span className="beach-sign__phone">{phone}</span>}
                  {part}
                </Fragment>
              ))}
            </p>
          </section>
        ))}
      </div>
      <footer className="beach-sign__agency" lang="en">
        {AGENCY.state} · {AGENCY.department}
      </footer>
    </article>
  );
}
