// The engine's own geometry library, whose target name is "geometry".
int engine_geometry_version() { return 1; }
