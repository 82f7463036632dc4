import { inkFor, letterOffset, shapeCorners } from './marker-shapes';

interface StatusSymbolProps {
  color: string;
  /** The status's letter (marker_symbol). */
  symbol: string;
  /** circle, triangle, square or diamond (marker_shape). */
  shape: string;
  /** Width and height in px. */
  size?: number;
}

/** The map marker of a status as an inline SVG. Decorative: the status name is always written next to it. */
export function StatusSymbol({ color, symbol, shape, size = 22 }: StatusSymbolProps) {
  const r = 7.5;
  const c = 12;
  const corners = shapeCorners(shape, c, c, r);
  const ink = inkFor(color);
  const outline = ink.outline === '#ffffff' ? '#1b1b1b' : ink.outline;
  const common = { fill: color, stroke: outline, strokeWidth: 1 };
  return (
    <svg className="status-symbol" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {corners ? <polygon points={corners.map((p) => p.join(',')).join(' ')} {...common} /> : <circle cx={c} cy={c} r={r + 1} {...common} />}
      <text
        x={c}
        y={c + letterOffset(shape, r)}
        textAnchor="middle"
        dominantBaseline="central"
        fontSize="10"
        fontWeight="bold"
        fontFamily="Source Sans Pro Web, Helvetica Neue, Arial, sans-serif"
        fill={ink.letter}
      >
        {symbol}
      </text>
    </svg>
  );
}
