// The size floor: bare React 19 + React Router hydrating two routes, built like the site.
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter, Link, Route, Routes } from "react-router-dom";

function Home() {
  return <Link to="/about">About</Link>;
}
function About() {
  return <Link to="/">Home</Link>;
}

hydrateRoot(
  document.getElementById("root")!,
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="/about" element={<About />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
