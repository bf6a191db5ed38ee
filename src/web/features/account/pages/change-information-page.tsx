export default function ChangeInformationPage() {
  return <h1>ChangeInformationPage</h1>;
}
