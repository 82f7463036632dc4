import './card-rows.css';

/**
 * The card-rows pattern (card-rows.css): a data table that becomes one card per row on a phone. Its class names,
 * so a table that uses them also loads the stylesheet.
 */
export const CARD_ROWS = {
  /** On the table (beside usa-table). */
  table: 'card-rows',
  /** On the box the table scrolls in on wider screens. */
  scroll: 'card-rows-scroll',
  /** On a cell that takes the card's whole width. */
  wide: 'card-rows__wide',
  /** On a header cell that stays in sight on a phone (a "select all" checkbox). */
  keep: 'card-rows__keep',
} as const;
