// The layout rule of carve's folders, as a check a test runs: `layout.txt` at the root names the
// stages in the order data flows and the folders of each (as includes name them: from src/, where
// carve's code lives, or from the root); every folder listed there holds a
// `dependencies.txt` naming the folders its files may include (`*`: every folder of an earlier
// stage). A check of a source tree reports, in words naming the file and line:
// - a folder holding code that layout.txt does not place;
// - a declared dependency on a folder of a later stage (it runs back up the pipeline) or one
//   layout.txt does not know; a declared dependency nothing includes (the list says more than
//   the code does);
// - a circle among the declared dependencies of one stage;
// - an include of a project file outside the including folder's list.
// Invariant: the check reads files only; an empty list of problems means every project include
// of every source file under `root` is allowed by its folder's list, and the lists form no circle
// and never point to a later stage.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace carve::layout {

std::vector<std::string> declared_dependency_problems(const std::filesystem::path& root);

}  // namespace carve::layout
