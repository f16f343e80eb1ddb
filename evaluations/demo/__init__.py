"""The bundled demo agent (a stdlib HTTP server with planted flaws) and the demo data
that make run seeds: workspace, agent, suite and monitor."""
