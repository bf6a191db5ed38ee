export default function UserFormPage() {
  return <h1>UserFormPage</h1>;
}
