interface StatusMarkProps {
  color: string;
  symbol: string;
  shape: string;
  size?: number;
}

/** Light fills (amber) take a dark letter, dark fills a white one (WCAG contrast). */
function letterColor(hex: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#ffffff';
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
    const v = parseInt(c!, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.3 ? '#1b1b1b' : '#ffffff';
}

/** The status's map marker (shape, letter, colour), decorative beside the written status name. */
export function StatusMark({ color, symbol, shape, size = 28 }: StatusMarkProps) {
  const common = { fill: color, stroke: '#1b1b1b', strokeWidth: 1 };
  let outline;
  if (shape === 'triangle') outline = <polygon points="12,2.6 21,18.4 3,18.4" {...common} />;
  else if (shape === 'square') outline = <rect x="5.2" y="5.2" width="13.6" height="13.6" {...common} />;
  else if (shape === 'diamond') outline = <polygon points="12,2.6 21.4,12 12,21.4 2.6,12" {...common} />;
  else outline = <circle cx="12" cy="12" r="8.5" {...common} />;
  return (
    <svg className="status-mark" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {outline}
      <text
        x="12"
        y={shape === 'triangle' ? 13.8 : 12}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize="10"
        fontWeight="bold"
        fontFamily="Source Sans Pro Web, Helvetica Neue, Arial, sans-serif"
        fill={letterColor(color)}
      >
        {symbol}
      </text>
    </svg>
  );
}
