export default function UsersPage() {
  return <h1>UsersPage</h1>;
}
