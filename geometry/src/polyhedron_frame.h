#pragma once
// The closest point on a convex polyhedron from what depends on the hull alone, worked out
// once: each face's plane and sides, each edge's vector, length and middle. The single
// query (polyhedron.cpp) makes a frame for its one point; the batches
// (closest_point_batch.cpp, closest_feature_batch.cpp) one for all their points, and hand
// each point the feature of the one before as a hint. A hint only lets the search skip
// candidates that cannot win, so every answer is the single query's, bit for bit.
// Implemented in polyhedron_frame.cpp. Not part of the public API.
#include "collision_lab/result.h"
#include "collision_lab/shapes.h"

#include <array>
#include <span>
#include <vector>

namespace geo::detail {

template <typename T>
struct PolyhedronFrame {
  struct Face {
    Vec3<T> anchor, normal;  // the face's first vertex and its plane's normal
    int first_side = 0, side_count = 0;
    // For the batch's proof that a face P projects into is the answer (0: no proof): how
    // far below the plane the other vertices are at least, and its own off it at most.
    T depth = 0, off_plane = 0;
  };
  struct Side {  // a face's edge from `start`, with its in-plane outward normal (edge × N)
    Vec3<T> start, outward;
    T outward_inverse = 0;  // 1 / |outward|
  };
  struct Edge {
    Vec3<T> a, edge, middle;  // from vertex a to vertex b; (batch only) its middle
    T length_squared = 0, reach = 0;  // |edge|², and (batch only) half |edge|
    int a_index = 0, b_index = 0;
    // Two faces the edge bounds (-1: none found), and how far its ends are off their planes.
    std::array<int, 2> faces{-1, -1};
    T off_planes = 0;
  };
  std::vector<Face> faces;
  std::vector<Side> sides;
  std::vector<Edge> edges;
  std::span<const Vec3<T>> vertices;  // the hull's, which must outlive the frame
  // Filled in only for a batch (make_polyhedron_batch): what its skipping needs.
  bool bounds = false;
  std::vector<int> edge_of_vertex;  // an edge at each vertex, or -1
  T magnitude = 0;                  // the largest coordinate of a vertex
  T longest_edge = 0;
  bool unit_normals = false;        // every face normal of length 1, so N_i·P − D_i is a distance
};

// The hull must be finite and well formed (the single query's checks).
template <typename T>
PolyhedronFrame<T> make_polyhedron_frame(const ConvexPolyhedron<T>& hull);

template <typename T>
struct PolyhedronAnswer {
  Vec3<T> point{0};
  FeatureRef feature;
};

// N_i·P − D_i for every face, measured from the face's first vertex.
template <typename T>
void face_distances(const PolyhedronFrame<T>& frame, const Vec3<T>& p, std::span<T> distances);

// The answer for a P outside some face (a positive distance), given its face distances:
// the nearest face interior P projects into, then any edge (or vertex) nearer.
template <typename T>
PolyhedronAnswer<T> outside_answer(const PolyhedronFrame<T>& frame, const Vec3<T>& p, std::span<const T> distances,
                                   FeatureRef hint);

// What a batch keeps from point to point: the frame, a slot per face for the distances,
// and the last answer's feature, the hint for the next point (neighbours mostly share it).
template <typename T>
struct PolyhedronBatch {
  PolyhedronFrame<T> frame;
  std::vector<T> distances;
  FeatureRef previous;
};

template <typename T>
PolyhedronBatch<T> make_polyhedron_batch(const ConvexPolyhedron<T>& hull);

// The whole answer for a finite P: P itself when no face has it outside, else as above.
template <typename T>
PolyhedronAnswer<T> next_answer(PolyhedronBatch<T>& batch, const Vec3<T>& p);

}  // namespace geo::detail
