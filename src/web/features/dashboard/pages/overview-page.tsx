export default function OverviewPage() {
  return <h1>OverviewPage</h1>;
}
