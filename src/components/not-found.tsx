import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <div className="p-10 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-slate-600">The address does not match any Cutroom screen.</p>
      <Link to="/projects" className="mt-4 inline-block font-medium text-indigo-700 underline">
        Go to projects
      </Link>
    </div>
  );
}
