// The depth cue's classification on a unit cube, with answers derived by hand.
#include "render/depth_cue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>
#include <vector>

namespace {
using glm::dvec3;
using Edge = std::array<int, 2>;

// The cube [0, 1]^3: vertex i has x = bit 0, y = bit 1, z = bit 2 of i.
const std::vector<dvec3> kCorners = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                                     {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
// Faces in the order -x, +x, -y, +y, -z, +z, wound counter-clockwise seen from outside.
const std::vector<std::vector<int>> kFaces = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                              {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
const std::vector<Edge> kEdges = {{0, 1}, {2, 3}, {4, 5}, {6, 7},   // along x
                                  {0, 2}, {1, 3}, {4, 6}, {5, 7},   // along y
                                  {0, 4}, {1, 5}, {2, 6}, {3, 7}};  // along z

ViewInfo orthographic_looking(const dvec3& forward) {
  ViewInfo view;
  view.is_3d = true;
  view.orthographic = true;
  view.forward = glm::normalize(forward);
  view.eye = dvec3(0.5) - view.forward * 10.0;
  return view;
}

ViewInfo perspective_from(const dvec3& eye, const dvec3& forward) {
  ViewInfo view = orthographic_looking(forward);
  view.orthographic = false;
  view.eye = eye;
  return view;
}

std::set<Edge> hidden_edges(const ViewInfo& view, const std::vector<std::vector<int>>& faces = kFaces) {
  const FacingSplit split = classify_facing({kCorners, faces, kEdges}, view);
  EXPECT_EQ(split.edge_hidden.size(), kEdges.size());
  std::set<Edge> hidden;
  for (std::size_t e = 0; e < kEdges.size(); ++e) {
    if (split.edge_hidden[e]) hidden.insert(kEdges[e]);
  }
  return hidden;
}

std::set<Edge> all_edges_but(const std::set<Edge>& front) {
  std::set<Edge> rest;
  for (const Edge& e : kEdges) {
    if (!front.contains(e)) rest.insert(e);
  }
  return rest;
}

// The four edges around the face with the given index into kFaces.
std::set<Edge> face_edges(std::size_t face) {
  std::set<Edge> edges;
  const auto& f = kFaces[face];
  for (std::size_t i = 0; i < f.size(); ++i) {
    edges.insert({std::min(f[i], f[(i + 1) % 4]), std::max(f[i], f[(i + 1) % 4])});
  }
  return edges;
}

}  // namespace

// Seen from the (+x, +y, +z) side, only the corner at the origin is behind: its three edges.
TEST(DepthCue, CubeFromACornerHidesTheThreeEdgesOfTheFarCorner) {
  const std::set<Edge> expected = {{0, 1}, {0, 2}, {0, 4}};
  EXPECT_EQ(hidden_edges(orthographic_looking(-dvec3(1, 2, 3))), expected);
  const FacingSplit split = classify_facing({kCorners, kFaces, kEdges}, orthographic_looking(-dvec3(1, 2, 3)));
  EXPECT_EQ(split.face_front, (std::vector<bool>{false, true, false, true, false, true}));
}

// From below and behind (-x, -y, -z side) the opposite corner hides instead.
TEST(DepthCue, CubeFromTheOppositeCornerHidesTheEdgesOfCornerSeven) {
  const std::set<Edge> expected = {{3, 7}, {5, 7}, {6, 7}};
  EXPECT_EQ(hidden_edges(orthographic_looking(dvec3(2, 1, 1))), expected);
}

// Looking down -x: only the +x face turns to the eye. The four sides are edge-on, so every
// edge but the front face's four is hidden (the sides' edges are seen end-on, as points).
TEST(DepthCue, CubeSeenAlongXShowsOnlyTheFrontFaceEdgesSolid) {
  EXPECT_EQ(hidden_edges(orthographic_looking(dvec3(-1, 0, 0))), all_edges_but(face_edges(1)));
}

// A perspective eye off to the +x side sees the +x face an orthographic view along the same
// direction sees edge-on.
TEST(DepthCue, PerspectiveSeesASideFaceOrthographicSeesEdgeOn) {
  const dvec3 forward(0, 0, -1);
  EXPECT_EQ(hidden_edges(orthographic_looking(forward)), all_edges_but(face_edges(5)));
  std::set<Edge> front = face_edges(5);
  front.merge(face_edges(1));
  EXPECT_EQ(hidden_edges(perspective_from({2, 0.5, 3}, forward)), all_edges_but(front));
  EXPECT_EQ(front.size(), 7u);
}

// The outward side comes from the solid, not the winding: reversed faces give the same answer.
TEST(DepthCue, ReversedWindingGivesTheSameAnswer) {
  std::vector<std::vector<int>> reversed = kFaces;
  for (auto& face : reversed) std::reverse(face.begin(), face.end());
  const ViewInfo view = orthographic_looking(-dvec3(1, 2, 3));
  EXPECT_EQ(hidden_edges(view, reversed), hidden_edges(view));
}

// A flat square drawn as two faces back to back has no inside: nothing hides, from any side.
TEST(DepthCue, FlatShapeHidesNothing) {
  const std::vector<dvec3> square = {{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}};
  const std::vector<std::vector<int>> faces = {{0, 1, 2, 3}, {3, 2, 1, 0}};
  const std::vector<Edge> edges = {{0, 1}, {1, 2}, {2, 3}, {0, 3}};
  for (const dvec3& forward : {dvec3(0, 0, -1), dvec3(0, 0, 1), dvec3(1, 2, 3)}) {
    const FacingSplit split = classify_facing({square, faces, edges}, orthographic_looking(forward));
    EXPECT_EQ(split.edge_hidden, std::vector<bool>(4, false));
  }
}

// An edge that only one face meets (an open mesh) is never hidden, even with that face away.
TEST(DepthCue, EdgeOfOneFaceIsNeverHidden) {
  const std::vector<std::vector<int>> open_box(kFaces.begin(), kFaces.begin() + 5);  // no +z face
  const FacingSplit split = classify_facing({kCorners, open_box, kEdges}, orthographic_looking(dvec3(1, 1, 1)));
  for (std::size_t e = 0; e < kEdges.size(); ++e) {
    const bool on_the_missing_face = face_edges(5).contains(kEdges[e]);
    if (on_the_missing_face) {
      EXPECT_FALSE(split.edge_hidden[e]) << kEdges[e][0] << "-" << kEdges[e][1];
    }
  }
}
