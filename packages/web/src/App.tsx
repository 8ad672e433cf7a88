export function App() {
  return (
    <main>
      <h1>Sign in to Portcullis</h1>
    </main>
  );
}
