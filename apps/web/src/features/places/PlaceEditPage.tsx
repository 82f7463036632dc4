export default function PlaceEditPage(_props: { kind: 'county' | 'municipality' }) {
  return null;
}
