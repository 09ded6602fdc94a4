import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { Link } from "./link.tsx";

function Where() {
  const location = useLocation();
  return (
    <p>
      at {location.pathname} {JSON.stringify(location.state)}
    </p>
  );
}

function renderAt(element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: "/", element: <>{element}</> },
      { path: "/properties", element: <Where /> },
      { path: "/property/:id", element: <Where /> },
    ],
    { initialEntries: ["/"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe("Link", () => {
  it("is a real link with the route's href, and a plain click navigates in the app with its state", async () => {
    renderAt(
      <Link to="/property/p1" state={{ from: "home" }} className="card">
        Sea view
      </Link>,
    );
    const link = screen.getByRole("link", { name: "Sea view" });
    expect(link).toHaveAttribute("href", "/property/p1");
    expect(link).toHaveClass("card");
    await userEvent.click(link);
    expect(await screen.findByText('at /property/p1 {"from":"home"}')).toBeInTheDocument();
  });

  it("leaves modified clicks and other targets to the browser", () => {
    const router = renderAt(
      <>
        <Link to="/properties">Properties</Link>
        <Link to="/properties" target="_blank">
          In a new tab
        </Link>
      </>,
    );
    // A click the app handles is default-prevented; one it leaves to the browser is not.
    expect(fireEvent.click(screen.getByRole("link", { name: "Properties" }), { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(screen.getByRole("link", { name: "In a new tab" }))).toBe(true);
    expect(router.state.location.pathname).toBe("/");
  });

  it("runs the caller's onClick first; a prevented click does not navigate", async () => {
    const router = renderAt(
      <Link to="/properties" onClick={(event) => event.preventDefault()}>
        Properties
      </Link>,
    );
    await userEvent.click(screen.getByRole("link", { name: "Properties" }));
    expect(router.state.location.pathname).toBe("/");
  });
});
